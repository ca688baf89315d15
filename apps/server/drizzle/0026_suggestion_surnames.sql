-- Match suggestions (issue 24 §1, decision 0013): a customer's family name as the domain's surnameKey
-- (packages/domain/src/matching/reference-similarity.ts) folds it: the part before the first comma
-- ('Martin, Claire'), else the last word ('Claire Martin'); accented Latin letters as their plain letter (the
-- table of suggestion_reference_key), only ASCII letters kept, upper case; NULL when under two letters. A
-- test compares the two on generated text. Stored per booking (surname_key) so a statement line naming only
-- the customer finds its candidates: (supplier, surname, gross), the gross for the line's amount first.
CREATE FUNCTION suggestion_surname_key(customer_name text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  select case when length(k) >= 2 then k end
    from (select upper(regexp_replace(
                   translate(case when position(',' in n) > 0
                                  then regexp_replace(split_part(n, ',', 1), '^\s+|\s+$', '', 'g')
                                  else regexp_replace(n, '^.*\s', '') end,
                             'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿ',
                             'AAAAAACEEEEIIIINOOOOOOUUUUYaaaaaaceeeeiiiinoooooouuuuyy'),
                   '[^A-Za-z]', '', 'g')) as k
            from (select regexp_replace(customer_name, '^\s+|\s+$', '', 'g') as n) t) f
$$;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "surname_key" text GENERATED ALWAYS AS (suggestion_surname_key(customer_name)) STORED;--> statement-breakpoint
CREATE INDEX "bookings_surname_key_idx" ON "bookings" USING btree ("supplier_id","surname_key","booking_amount");