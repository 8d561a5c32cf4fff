import type { ServiceName } from '../services';

export interface HealthReply {
  status: 'up';
  service: ServiceName;
  instance: string;
}
