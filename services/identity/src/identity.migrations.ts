import type { Migration } from '@tpl/event-store';

/** The tenant registry: each tenant reads its own row, the platform tenant manages them all. */
export const identityPlatformTables = ['idn_tenants'] as const;

export const identityMigrations: Migration[] = [
  {
    id: 'identity/001-tenants-users-sessions',
    sql: `
CREATE TABLE IF NOT EXISTS idn_tenants (
  tenant_id text PRIMARY KEY,
  name text NOT NULL,
  status int NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS idn_users (
  tenant_id text NOT NULL REFERENCES idn_tenants(tenant_id),
  user_id uuid NOT NULL,
  account text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  roles text[] NOT NULL DEFAULT '{}',
  avatar text NOT NULL DEFAULT '',
  status int NOT NULL DEFAULT 1,
  failed_attempts int NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id),
  UNIQUE (tenant_id, account)
);
CREATE TABLE IF NOT EXISTS idn_sessions (
  session_id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_reason text
);
CREATE TABLE IF NOT EXISTS idn_refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES idn_sessions(session_id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE TABLE IF NOT EXISTS idn_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);`,
  },
];

identityMigrations.push({
  id: 'identity/002-captchas-error-logs',
  sql: `
CREATE TABLE IF NOT EXISTS idn_captchas (
  captcha_key uuid PRIMARY KEY,
  answer_hash text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS idn_error_logs (
  id bigserial PRIMARY KEY,
  tenant_id text NOT NULL,
  user_id uuid NOT NULL,
  account text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  entry jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS idn_error_logs_tenant ON idn_error_logs (tenant_id, received_at DESC);`,
});

identityMigrations.push({
  id: 'identity/003-phone-login',
  sql: `
ALTER TABLE idn_users ADD COLUMN IF NOT EXISTS phone text;
CREATE INDEX IF NOT EXISTS idn_users_phone ON idn_users (tenant_id, phone);
CREATE TABLE IF NOT EXISTS idn_sms_codes (
  tenant_id text NOT NULL,
  phone text NOT NULL,
  code_hash text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, phone)
);`,
});

identityMigrations.push({
  id: 'identity/004-sign-in-flows',
  sql: `
ALTER TABLE idn_tenants ADD COLUMN IF NOT EXISTS captcha_enabled boolean NOT NULL DEFAULT false;
-- social sign-in: the state issued with each authorization request (single use, minutes)
CREATE TABLE IF NOT EXISTS idn_oauth_states (
  state_hash text PRIMARY KEY,
  tenant_id text NOT NULL,
  source text NOT NULL,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  redirect_uri text NOT NULL,
  expires_at timestamptz NOT NULL
);
-- the registration ticket handed to a social user with no account here (single use)
CREATE TABLE IF NOT EXISTS idn_oauth_tickets (
  ticket_hash text PRIMARY KEY,
  tenant_id text NOT NULL,
  oauth_record_id uuid NOT NULL,
  source text NOT NULL,
  uuid text NOT NULL,
  nickname text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  avatar text NOT NULL DEFAULT '',
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
-- projection of Useroauth events: which user a third-party account signs in as
CREATE TABLE IF NOT EXISTS idn_oauth_links (
  tenant_id text NOT NULL,
  record_id uuid NOT NULL,
  source text NOT NULL,
  uuid text NOT NULL,
  account text,
  removed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, record_id)
);
CREATE INDEX IF NOT EXISTS idn_oauth_links_subject ON idn_oauth_links (tenant_id, source, uuid);
-- projection of Registration events: the administrator's list
CREATE TABLE IF NOT EXISTS idn_registrations (
  tenant_id text NOT NULL,
  id uuid NOT NULL,
  version int NOT NULL,
  account text NOT NULL,
  name text NOT NULL,
  source text NOT NULL,
  uuid text NOT NULL,
  oauth_record_id uuid NOT NULL,
  external_name text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  avatar text NOT NULL DEFAULT '',
  status text NOT NULL,
  reason text NOT NULL DEFAULT '',
  role_id jsonb NOT NULL DEFAULT '[]',
  dept_id text NOT NULL DEFAULT '',
  submitted_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by text NOT NULL DEFAULT '',
  PRIMARY KEY (tenant_id, id)
);
-- one pending application per account name and per third-party account
CREATE UNIQUE INDEX IF NOT EXISTS idn_registrations_pending_account ON idn_registrations (tenant_id, account) WHERE status = 'PENDING';
CREATE UNIQUE INDEX IF NOT EXISTS idn_registrations_pending_person ON idn_registrations (tenant_id, oauth_record_id) WHERE status = 'PENDING';
CREATE INDEX IF NOT EXISTS idn_registrations_list ON idn_registrations (tenant_id, submitted_at DESC);`,
});

identityMigrations.push({
  id: 'identity/005-user-department',
  sql: `
ALTER TABLE idn_users ADD COLUMN IF NOT EXISTS dept_code text;`,
});

identityMigrations.push({
  id: 'identity/006-pending-backfills',
  sql: `
-- one-off fills done at start through a port (identity reads no other context's table): a row per fill still to do
CREATE TABLE IF NOT EXISTS idn_backfills (id text PRIMARY KEY);
-- users from before idn_users kept departments: theirs come from their user records (DepartmentBackfill)
INSERT INTO idn_backfills (id) SELECT 'user-departments' WHERE EXISTS (SELECT 1 FROM idn_users WHERE dept_code IS NULL) ON CONFLICT DO NOTHING;`,
});

identityMigrations.push({
  // a cargo owner's user: bound to one customer (the user record's customerCode), sees only its rows
  id: 'identity/007-user-customer',
  sql: `
ALTER TABLE idn_users ADD COLUMN IF NOT EXISTS customer_code text;`,
});

identityMigrations.push({
  // domain (AD / LDAP) sign-in: the user record's domainLogin flag, and the roles the directory's groups gave at the last sign-in
  id: 'identity/008-user-domain-login',
  sql: `
ALTER TABLE idn_users ADD COLUMN IF NOT EXISTS domain_login boolean NOT NULL DEFAULT false;
ALTER TABLE idn_users ADD COLUMN IF NOT EXISTS directory_roles text[] NOT NULL DEFAULT '{}';`,
});
