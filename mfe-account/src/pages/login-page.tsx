import { ComingSoon } from './coming-soon';

/** Exposed as 'account/Login'. */
export default function LoginPage() {
  return <ComingSoon title="Login" />;
}
