import { installLogCapture } from './log-capture';

installLogCapture();
