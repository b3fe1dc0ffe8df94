-- The back office's people: staff are not shoppers. They sign in with a password and a TOTP code,
-- hold one role, and everything they do is written to an audit log nobody can rewrite.

CREATE TABLE staff (
  id serial PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  -- Null until the invitation is accepted (the same hashing as the shoppers', identity/passwords.ts).
  password_hash text,
  role text NOT NULL CHECK (role IN ('support', 'moderator', 'finance', 'admin')),
  -- Base32 TOTP secret, set at enrolment; sign-in is refused while it is null.
  totp_secret text,
  -- The last accepted TOTP step: a code of that step or an earlier one is a replay.
  totp_last_step bigint,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_email ON staff (lower(email));

-- Short-lived and revocable: idle_expires_at moves forward on use (30 min), expires_at never does (8 h).
-- The token is stored hashed, like the shoppers' sessions.
CREATE TABLE staff_sessions (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  staff_id integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  idle_expires_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX staff_sessions_live ON staff_sessions (staff_id) WHERE revoked_at IS NULL;

-- An admin invites by e-mail with a role; the mailed token (stored hashed) is usable once, until expires_at.
CREATE TABLE staff_invitations (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  staff_id integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  -- Null for the first admin, made by the CLI script.
  invited_by integer REFERENCES staff (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX staff_invitations_open ON staff_invitations (staff_id) WHERE used_at IS NULL;

-- Append-only: written in the same transaction as the action it records. staff_id is null for what
-- no staff member did (the CLI's first admin, a failed sign-in by an unknown e-mail).
CREATE TABLE staff_audit (
  id bigserial PRIMARY KEY,
  staff_id integer REFERENCES staff (id),
  action text NOT NULL,
  target_type text,
  target_id text,
  before jsonb,
  after jsonb,
  reason text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_audit_at ON staff_audit (at DESC, id DESC);
CREATE INDEX staff_audit_staff ON staff_audit (staff_id, at DESC);
CREATE INDEX staff_audit_action ON staff_audit (action, at DESC);

-- The database itself refuses to rewrite history, whatever the code does.
CREATE OR REPLACE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER staff_audit_append_only BEFORE UPDATE OR DELETE ON staff_audit FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only();
CREATE TRIGGER staff_audit_no_truncate BEFORE TRUNCATE ON staff_audit FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_append_only();
