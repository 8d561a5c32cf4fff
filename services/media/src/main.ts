import { runService } from '@visualnotes/common';
import { mediaService } from './service';

void runService(mediaService);
