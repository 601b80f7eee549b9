// npm run make-admin -- EMAIL: promotes a user who has signed in at least once.
import { DataDirInUseError } from '../db/data-dir-lock';
import { migrateToLatest, openDatabase } from '../db/database';
import { EnvError, loadEnv } from '../env';
import { AppError } from '../lib/errors';
import { createUsersService } from '../modules/users/users.service';

async function main(email: string | undefined) {
  if (!email) {
    console.error('Usage: npm run make-admin -- EMAIL');
    return 2;
  }
  const env = loadEnv();
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  );
  try {
    await migrateToLatest(database.db);
    const users = createUsersService(database.db, {
      tokenTtlMinutes: env.ACCESS_TOKEN_TTL_MINUTES,
    });
    const { modified } = await users.makeAdmin(email);
    console.log(modified ? `${email} is now an admin.` : `${email} was already an admin.`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AppError && error.status === 404) {
      console.error(`No user with the email ${process.argv[2]}: they must sign in once first.`);
    } else if (error instanceof EnvError || error instanceof DataDirInUseError) {
      console.error(error.message);
      if (error instanceof DataDirInUseError)
        console.error('Stop the server first, or run against PostgreSQL.');
    } else {
      console.error('make-admin failed:', error);
    }
    process.exit(1);
  },
);
