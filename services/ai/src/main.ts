import { runService } from '@visualnotes/common';
import { aiService } from './service';

void runService(aiService);
