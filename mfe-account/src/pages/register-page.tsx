import { ComingSoon } from './coming-soon';

/** Exposed as 'account/Register'. */
export default function RegisterPage() {
  return <ComingSoon title="Register" />;
}
