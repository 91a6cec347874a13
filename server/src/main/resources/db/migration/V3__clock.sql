-- An optional game clock: a total per seat and an increment per decision. started_at is when the game started
-- running; with the actions' created_at it lets a restarted server rebuild every seat's remaining time.
alter table games add column clock_seconds int;
alter table games add column increment_seconds int;
alter table games add column started_at bigint;
