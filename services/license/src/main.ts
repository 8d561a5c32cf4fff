import { runService } from '@visualnotes/common';
import { licenseService } from './service';

void runService(licenseService);
