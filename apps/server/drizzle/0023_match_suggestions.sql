-- Match suggestions (issue 24 §1, decision 0013): a booking reference as the suggestions compare it, exactly
-- as the domain's suggestionReferenceKey (packages/domain/src/matching/reference-similarity.ts) reads it:
-- accented Latin letters as their plain letter (the same table), only ASCII letters and digits kept, upper
-- case, the look-alike letters O, I, S, B read as 0, 1, 5, 8, leading zeros dropped (one kept when all are
-- zeros). A test compares the two on generated text. Stored per booking (suggestion_key) and indexed whole,
-- by its first four and by its last four characters.
CREATE FUNCTION suggestion_reference_key(reference text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN regexp_replace(
    translate(
      upper(regexp_replace(
        translate(reference, 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿ',
                             'AAAAAACEEEEIIIINOOOOOOUUUUYaaaaaaceeeeiiiinoooooouuuuyy'),
        '[^A-Za-z0-9]', '', 'g')),
      'OISB', '0158'),
    '^0+(?=.)', '');--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "suggestion_key" text GENERATED ALWAYS AS (suggestion_reference_key(booking_reference)) STORED;--> statement-breakpoint
CREATE INDEX "bookings_suggestion_key_idx" ON "bookings" USING btree ("supplier_id","suggestion_key");--> statement-breakpoint
CREATE INDEX "bookings_suggestion_key_start_idx" ON "bookings" USING btree ("supplier_id",left("suggestion_key", 4));--> statement-breakpoint
CREATE INDEX "bookings_suggestion_key_end_idx" ON "bookings" USING btree ("supplier_id",right("suggestion_key", 4));