-- The clock across restarts. clock_millis: the time an action's decision took on its seat's clock, as the server
-- charged it (the time the server was down is not in it), so that a server rebuilds every seat's time exactly,
-- however often it restarted; null for actions stored before this column (their time is taken from created_at).
-- out_of_time: the seat's time ran out (its stand-in plays it to the end), stored when it happens, so that a
-- restart before the stand-in's first decision does not give the seat its time back.
alter table actions add column clock_millis bigint;
alter table seats add column out_of_time boolean default false not null;
