// Granting and revoking a member's roles (custom claims on their sign-in account): used by
// `npm run roles` (scripts/roles.mjs) and by the release command's grant-operator shortcut.
import { portsOf } from './workspace.mjs';

/** The roles the api reads from a verified token (api/src/auth/token-verifier.ts). */
export const ROLES = ['moderator', 'operator'];

export class RoleError extends Error {}

/**
 * Where roles are set: a real Firebase project with GOOGLE_APPLICATION_CREDENTIALS, else the Auth
 * Emulator (FIREBASE_AUTH_EMULATOR_HOST, by default `npm start`'s on its profile's port) of a demo-* project.
 */
export function roleTarget(env = process.env) {
  const projectId = env.FIREBASE_PROJECT_ID?.trim() || 'demo-antiquarium';
  const explicit = env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  if (explicit) return { projectId, emulator: explicit };
  if (env.GOOGLE_APPLICATION_CREDENTIALS?.trim() || !projectId.startsWith('demo-')) return { projectId, emulator: undefined };
  return { projectId, emulator: `127.0.0.1:${portsOf('start').auth}` };
}

/** A firebase-admin failure as its real cause. */
export function roleFailure(error, { email, projectId, emulator }) {
  const code = error?.code ?? error?.errorInfo?.code ?? '';
  const message = String(error?.message ?? error);
  const where = emulator ? `the Auth Emulator at ${emulator} (project ${projectId})` : `Firebase project ${projectId}`;
  if (code === 'auth/user-not-found') return `no member with the email ${email} in ${where}`;
  if (code === 'auth/invalid-email') return `${JSON.stringify(email)} is not an email address`;
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|socket hang up|network/i.test(`${code} ${message}`)) {
    return `${where} cannot be reached (${message})${emulator ? ': is `npm start` running, or is FIREBASE_AUTH_EMULATOR_HOST right?' : ''}`;
  }
  if (/credential/i.test(`${code} ${message}`)) {
    return `${where} refused the credentials (${message}): set GOOGLE_APPLICATION_CREDENTIALS to a service account key of ${projectId}, or FIREBASE_AUTH_EMULATOR_HOST for an Auth Emulator`;
  }
  return `${where}: ${code ? `${code}: ` : ''}${message}`;
}

/**
 * Gives (grant) or takes (revoke) the role, keeping the member's other claims; it applies from their
 * next sign-in or token refresh. Throws RoleError with the real cause.
 */
export async function setRole(role, email, grant, env = process.env, prefix = 'roles') {
  if (!ROLES.includes(role)) throw new RoleError(`no role ${JSON.stringify(role)}: one of ${ROLES.join(', ')}`);
  if (!email) throw new RoleError(`${grant ? 'grant' : 'revoke'} ${role} needs the member's email`);
  const target = roleTarget(env);
  // firebase-admin reads the emulator's address from the environment.
  if (target.emulator) process.env.FIREBASE_AUTH_EMULATOR_HOST = target.emulator;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const { deleteApp, initializeApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const app = initializeApp({ projectId: target.projectId }, `${prefix}-${Date.now()}`);
  try {
    const auth = getAuth(app);
    const fail = (error) => {
      throw new RoleError(roleFailure(error, { email, ...target }));
    };
    const user = await auth.getUserByEmail(email).catch(fail);
    const claims = { ...(user.customClaims ?? {}) };
    if (grant) claims[role] = true;
    else delete claims[role];
    await auth.setCustomUserClaims(user.uid, claims).catch(fail);
    const article = role === 'operator' ? 'an' : 'a';
    console.log(`${prefix}: ${email} ${grant ? 'is now' : 'is no longer'} ${article} ${role} (from their next sign-in or token refresh)`);
  } finally {
    await deleteApp(app).catch(() => undefined);
  }
}
