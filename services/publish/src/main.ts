import { runService } from '@visualnotes/common';
import { publishService } from './service';

void runService(publishService);
