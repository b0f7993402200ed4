/**
 * npm run seed — migrates the configured database (DATABASE_URL, else PGlite in PGLITE_DIR) and
 * plants the bilingual demo conference with its logins, then prints them. Stop the server first
 * when it runs on PGlite (the folder can only be opened by one process).
 */
import { openDatabase } from '../db/client';
import { demoLoginsText, seedDemo } from '../db/seed';
import { seedDemoRegistrants } from '../db/seed-attendees';

async function main() {
  const database = await openDatabase({ url: process.env.DATABASE_URL || undefined });
  const created = await seedDemo(database.db);
  if (created) await seedDemoRegistrants(database.db);
  await database.close();
  console.info(created ? 'Created the demo conference.' : 'The demo conference exists already; nothing changed.');
  console.info(demoLoginsText(process.env.PORT ?? 3000));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
