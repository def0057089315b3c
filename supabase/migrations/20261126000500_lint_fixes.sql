-- Findings of the database linter (supabase/lint, splinter's lints; docs/security.md#the-database-linter)
-- fixed rather than allowlisted.

-- unindexed_foreign_keys: deleting a photo set `listings.cover_asset_id` to null through
-- listings_cover_fkey by scanning every listing; deleting a team cleared `profiles.last_team_id`
-- by scanning every profile. Both tables grow with customers; deleting photos is an everyday action.
create index if not exists listings_cover_idx on public.listings (cover_asset_id, team_id)
  where cover_asset_id is not null;
create index if not exists profiles_last_team_idx on public.profiles (last_team_id)
  where last_team_id is not null;

-- render_runs_trial_project_id_fkey: the trial page lists a project's runs by trial_project_id
-- (lib/trials/queries.ts trialRunsOf) and deleting or purging a trial project cascades through it;
-- both scanned every render run ever made.
create index if not exists render_runs_trial_project_idx on public.render_runs (trial_project_id, created_at desc)
  where trial_project_id is not null;
