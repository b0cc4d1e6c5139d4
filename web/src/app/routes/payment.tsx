import { PageTitle } from '@/components/page-title';
import { PaymentPage } from '@/features/payment/payment-page';

export default function PaymentRoute() {
  return (
    <>
      <PageTitle title="Subscribe" />
      <PaymentPage />
    </>
  );
}
