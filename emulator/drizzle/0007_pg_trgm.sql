-- The trigram extension, for the audit log's free-text search index (0008_audits_search_actor_name; issue 31 item 6).
-- Trusted since Postgres 13 (the database's owner may create it); PGlite loads it from its contrib (src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
