/** The caller, as the verified ID token describes them. */
export interface AuthUser {
  uid: string;
  email?: string;
  name?: string;
}
