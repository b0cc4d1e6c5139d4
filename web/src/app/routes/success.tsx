import { SuccessPage } from '@/features/success/success-page';

export default SuccessPage;
