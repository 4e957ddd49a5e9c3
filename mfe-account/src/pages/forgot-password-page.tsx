import { ComingSoon } from './coming-soon';

/** Exposed as 'account/ForgotPassword'. */
export default function ForgotPasswordPage() {
  return <ComingSoon title="Forgot Password" />;
}
