import { installLogCapture } from './log-capture';
import { installTableAccessRecorder } from './table-access';

installLogCapture();
installTableAccessRecorder();
