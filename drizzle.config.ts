import { defineConfig } from 'drizzle-kit';

// Migrations are generated (`npm run db:generate`), committed, and applied by the server on
// start and by every test; never `push`.
export default defineConfig({
  dialect: 'sqlite',
  schema: ['./src/shared/db/schema.ts', './src/*/schema.ts'],
  out: './src/shared/db/migrations',
});
