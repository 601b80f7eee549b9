// npm run make-admin -- EMAIL: promotes a user who has signed up (or signed in) at least once.
// This is how the first admin is made: ADMIN_EMAIL alone only grants admin to a sign-in whose
// provider verified the email, never to a password sign-up, which anyone could make first.
import { DataDirInUseError } from '../db/data-dir-lock';
import { EnvError, loadEnv } from '../env';
import {
  NoShopDatabaseError,
  describeOperatorDatabase,
  openOperatorDatabase,
} from './operator-database';
import { AppError } from '../lib/errors';
import { createSessionTokens } from '../auth/session-tokens';
import { createUsersService } from '../modules/users';

async function main(email: string | undefined) {
  if (!email) {
    console.error('Usage: npm run make-admin -- EMAIL');
    return 2;
  }
  const env = loadEnv();
  // Said first: a wrong folder or server is seen before anything else is.
  console.log(`Database: ${describeOperatorDatabase(env)}.`);
  const database = await openOperatorDatabase(env);
  try {
    const tokens = createSessionTokens(database.db, {
      ttlMinutes: env.ACCESS_TOKEN_TTL_MINUTES,
      callerQuery: (owner) => users.callerQuery(owner),
    });
    const users = createUsersService(database.db, { tokens });
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
      console.error(
        `No user with the email ${process.argv[2]} in that database: they must sign in once ` +
          `first (sign up in the shop with that email), then run this again. If they did, the ` +
          `database above is not the one the shop runs with.`,
      );
    } else if (
      error instanceof EnvError ||
      error instanceof DataDirInUseError ||
      error instanceof NoShopDatabaseError
    ) {
      console.error(error.message);
      if (error instanceof DataDirInUseError)
        console.error(
          'The embedded database is used by one process at a time: stop the server, run ' +
            'make-admin, then start the server again (with DATABASE_URL, no need to stop it).',
        );
    } else {
      console.error('make-admin failed:', error);
    }
    process.exit(1);
  },
);
