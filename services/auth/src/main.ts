import { runService } from '@visualnotes/common';
import { authService } from './service';

void runService(authService);
