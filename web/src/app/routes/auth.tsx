import { AuthPage } from '@/features/auth/auth-page';

export default AuthPage;
