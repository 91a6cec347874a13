-- A bot stands in for a person who resigned or stayed disconnected past the game's grace period.
alter table games add column grace_seconds int;
alter table games add column stand_in varchar(100);
alter table seats add column stand_in boolean default false not null;
alter table seats add column resigned boolean default false not null;
