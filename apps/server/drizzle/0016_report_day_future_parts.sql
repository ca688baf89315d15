-- Future Commissions now also holds the part of a payable booking's gross not yet received (so a booking
-- received in part is in Future and in Next Payout): days computed before are recomputed on their next read.
INSERT INTO report_dirty_days (day) SELECT DISTINCT day FROM report_day_totals;
