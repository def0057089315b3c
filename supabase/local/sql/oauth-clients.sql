-- GoTrue's OAuth 2.1 server clients (its migrations 20250731150234_add_oauth_clients_table,
-- 20250901200500_add_oauth_client_type, 20250903112500_remove_oauth_client_id_column), as far as the
-- admin client API needs them. Idempotent: applied on every start.
create table if not exists auth.oauth_clients (
  id uuid not null primary key,
  client_secret_hash text,
  registration_type text not null check (registration_type in ('dynamic', 'manual')),
  redirect_uris text not null,
  grant_types text not null,
  client_name text check (char_length(client_name) <= 1024),
  client_uri text check (char_length(client_uri) <= 2048),
  logo_uri text check (char_length(logo_uri) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  client_type text not null default 'confidential' check (client_type in ('public', 'confidential')),
  token_endpoint_auth_method text not null
);
create index if not exists oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);

revoke all on auth.oauth_clients from public, anon, authenticated;
