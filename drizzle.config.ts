import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration from schema.ts; commit it with the schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
