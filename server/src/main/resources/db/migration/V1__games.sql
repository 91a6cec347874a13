-- Fortuna game server schema. Plain SQL that H2 (file mode) and PostgreSQL both run.

-- A game: its options as the lobby took them, the whole draw pile fixed at creation (secret: never sent to a
-- client) and, once finished, its record in the records format.
create table games (
    id varchar(40) primary key,
    setup_json text not null,
    draws text not null,
    status varchar(16) not null,
    created_at bigint not null,
    record_json text
);

-- Seats: a person (with the SHA-256 of its secret token; the token itself is never stored) or a bot.
create table seats (
    game_id varchar(40) not null references games(id),
    seat int not null,
    kind varchar(8) not null,
    bot varchar(100),
    name varchar(100),
    token_hash varchar(64),
    joined boolean not null,
    primary key (game_id, seat)
);

-- Every applied action, appended before it is acknowledged. The primary key (game, ply) is what decides between
-- two writers of the same ply: the second insert fails.
create table actions (
    game_id varchar(40) not null references games(id),
    ply int not null,
    seat int not null,
    action_json text not null,
    client_action_id varchar(100),
    created_at bigint not null,
    primary key (game_id, ply)
);
