#!/usr/bin/env node
// Grants or revokes a member's role, for every role the api knows:
//   npm run roles -- grant moderator <email>
//   npm run roles -- revoke operator <email>
// Against `npm start`'s Auth Emulator with no variables; FIREBASE_AUTH_EMULATOR_HOST for another
// emulator, GOOGLE_APPLICATION_CREDENTIALS (and FIREBASE_PROJECT_ID) for a real Firebase project.
import { fileURLToPath } from 'node:url';
import { ROLES, RoleError, setRole } from './lib/roles.mjs';

const USAGE = `usage: npm run roles -- grant|revoke ${ROLES.join('|')} <email>`;

export async function main(argv = process.argv.slice(2), env = process.env) {
  const [action, role, email, ...rest] = argv;
  if (!['grant', 'revoke'].includes(action ?? '') || !role || !email || rest.length > 0) throw new RoleError(USAGE);
  await setRole(role, email, action === 'grant', env);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(`roles: ${error instanceof RoleError ? error.message : error?.stack ?? error}`);
      process.exit(1);
    },
  );
}
