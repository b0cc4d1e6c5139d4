import { HomePage } from '@/features/marketing/home-page';

export default HomePage;
