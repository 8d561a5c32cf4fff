import { Module } from '@nestjs/common';
import { MailHandlers } from './mail.handlers';
import { MailService } from './mail.service';

@Module({ controllers: [MailHandlers], providers: [MailService], exports: [MailService] })
export class MailModule {}
