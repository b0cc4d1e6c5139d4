import { FaqPage } from '@/features/faq/faq-page';

export default FaqPage;
