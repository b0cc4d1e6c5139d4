import toast from 'react-hot-toast';
import { wantToastArea } from './toast-area';

// The one way the app raises toasts: loading this module (with the code that may raise one)
// has the app mount its toast area, which shows every toast raised before it was there too.
wantToastArea();

export default toast;
