-- Issue 36 (decision 0055, "Sorted runs"): the log reader keeps its flushed counts in sorted run
-- files and merges them once; nothing writes or reads log_file_hit_parts any more.
DROP INDEX IF EXISTS log_file_hit_parts_log;
DROP TABLE IF EXISTS log_file_hit_parts;
