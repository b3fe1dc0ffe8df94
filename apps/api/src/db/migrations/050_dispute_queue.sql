-- The back office's dispute queue reads open claims oldest first and resolved ones newest first:
-- partial indexes keep both a short scan however many orders there are.
CREATE INDEX orders_problems_open ON orders (problem_reported_at, id) WHERE problem_reported_at IS NOT NULL AND problem_resolved_at IS NULL;
CREATE INDEX orders_problems_resolved ON orders (problem_resolved_at DESC, id DESC) WHERE problem_resolved_at IS NOT NULL;
