-- No list walks users by name outside the partial indexes (users_active_name_idx, users_deleted_name_idx)
-- since the searched lists stopped walking per-spelling name ranges: 0 scans in a run of every list.
DROP INDEX "users_name_idx";