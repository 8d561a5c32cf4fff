import styles from '../../features/auth/auth.module.css';
import { SignInCard } from '../../features/auth/login/SignInCard';

/** `/account/login`: log in, register, forgot password, the new-device code step, Google. */
export function LoginPage() {
  return (
    <div className={styles.page}>
      <SignInCard />
    </div>
  );
}
