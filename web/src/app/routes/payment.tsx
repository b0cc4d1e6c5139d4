import { PaymentPage } from '@/features/payment/payment-page';

export default PaymentPage;
