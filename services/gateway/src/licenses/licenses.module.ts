import { Module } from '@nestjs/common';
import { LicensesController } from './licenses.controller';

/** Licenses, plans, entitlements and referral routes (license service behind them). */
@Module({ controllers: [LicensesController] })
export class LicensesModule {}
