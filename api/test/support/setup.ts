// Runs in every test file: after the file, delete what it made (through the api, as the owner, so
// the api's own bookkeeping stays right) and close the database connection.
import { createdArtifacts } from './artifacts';
import { createdUsers, deleteUser } from './auth';
import { closeDb } from './db';
import { api } from './http';

afterAll(async () => {
  for (const { id, owner } of createdArtifacts.splice(0)) {
    await api(`/artifacts/${id}`, { method: 'DELETE', token: owner.token }).catch(() => undefined);
  }
  for (const user of createdUsers.splice(0)) await deleteUser(user);
  await closeDb();
});
