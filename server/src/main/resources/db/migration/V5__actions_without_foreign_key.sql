-- The actions table without its foreign key to games. Plain SQL that H2 and PostgreSQL both run: the constraint's
-- name differs between them, so the table is rebuilt rather than altered.
--
-- Why: H2 (2.3) backs a foreign key with an index whose columns are exactly the key's, so beside the primary key
-- (game_id, ply), which already leads with game_id, it kept a second index on game_id alone. Every appended action
-- wrote both, and checked the key; under load about half of each chunk H2 wrote to its file was the pages of these
-- two indexes (MVStoreTool -dump), and the key's check was about a sixth of the writer's time. The key guarded
-- nothing the server does not already ensure: an action is only ever appended by the process that holds its game,
-- after the game's row is committed, and no game is ever deleted.
--
-- Invariant kept: (game_id, ply) is unique (the primary key decides between two writers of one ply).
create table actions_v5 (
    game_id varchar(40) not null,
    ply int not null,
    seat int not null,
    action_json text not null,
    client_action_id varchar(100),
    created_at bigint not null,
    clock_millis bigint,
    primary key (game_id, ply)
);
insert into actions_v5 (game_id, ply, seat, action_json, client_action_id, created_at, clock_millis)
    select game_id, ply, seat, action_json, client_action_id, created_at, clock_millis from actions;
drop table actions;
alter table actions_v5 rename to actions;
