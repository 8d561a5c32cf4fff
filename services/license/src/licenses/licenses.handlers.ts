import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { ActivationSigner } from '../activation/activation-signer';
import { RedeemCodesService } from '../appsumo/redeem-codes.service';
import { BillingService } from '../billing/billing.service';
import { PlansConfig } from '../plans/plans.config';
import { PlansService } from '../plans/plans.service';
import { LicensesService } from './licenses.service';

@Controller()
export class LicensesHandlers {
  constructor(
    private readonly licenses: LicensesService,
    private readonly billing: BillingService,
    private readonly codes: RedeemCodesService,
    private readonly signer: ActivationSigner,
    private readonly plans: PlansService,
  ) {}

  @MessagePattern(Patterns.license.plans)
  plansView() {
    return this.plans.view();
  }

  @MessagePattern(Patterns.license.list)
  list(@Payload() req: RpcRequest<'license.licenses.list'>) {
    return this.licenses.list(req);
  }

  @MessagePattern(Patterns.license.activate)
  activate(@Payload() req: RpcRequest<'license.activate'>) {
    return this.licenses.activate(req, req.key, req.fingerprint, req.device);
  }

  @MessagePattern(Patterns.license.publicKey)
  publicKey() {
    return this.signer.publicKeyView();
  }

  @MessagePattern(Patterns.license.removeDevice)
  removeDevice(@Payload() req: RpcRequest<'license.devices.remove'>) {
    return this.licenses.removeDevice(req, req.license_id, req.device_id);
  }

  @MessagePattern(Patterns.license.addUser)
  addUser(@Payload() req: RpcRequest<'license.users.add'>) {
    return this.licenses.addUser(req, req.license_id, req.user_email);
  }

  @MessagePattern(Patterns.license.removeUser)
  removeUser(@Payload() req: RpcRequest<'license.users.remove'>) {
    return this.licenses.removeUser(req, req.license_id, req.user_email);
  }

  @MessagePattern(Patterns.license.unsubscribe)
  unsubscribe(@Payload() req: RpcRequest<'license.unsubscribe'>) {
    return this.licenses.unsubscribe(req, req.license_id, (l) => this.billing.setCancelAtPeriodEnd(l, true));
  }

  @MessagePattern(Patterns.license.resume)
  resume(@Payload() req: RpcRequest<'license.resume'>) {
    return this.licenses.resume(req, req.license_id, req.billing, (l) => this.billing.setCancelAtPeriodEnd(l, false));
  }

  @MessagePattern(Patterns.license.checkout)
  checkout(@Payload() req: RpcRequest<'license.checkout'>) {
    const { product, tier, billing, ...caller } = req;
    return this.billing.checkout(caller, { product, tier, billing });
  }

  @MessagePattern(Patterns.license.stripeWebhook)
  webhook(@Payload() req: RpcRequest<'license.stripe.webhook'>) {
    return this.billing.webhook(req.payload, req.signature);
  }

  @MessagePattern(Patterns.license.redeem)
  redeem(@Payload() req: RpcRequest<'license.appsumo.redeem'>) {
    return this.codes.redeem(req, req.code);
  }

  /** Operators only: the gateway exposes no route to this; the `license` command calls it. */
  @MessagePattern(Patterns.license.issue)
  async issue(@Payload() req: RpcRequest<'license.operator.issue'>) {
    const product = req.product ?? 'desktop';
    const tier = req.tier ?? (product === 'desktop' ? 'pro' : PlansConfig.products[product].tier);
    const l = await this.licenses.issue({ email: req.email, product, tier, plan: req.plan, name: req.name, source: 'operator' });
    return this.licenses.viewForOwner(l);
  }

  @MessagePattern(Patterns.license.importCodes)
  importCodes(@Payload() req: RpcRequest<'license.operator.importCodes'>) {
    return this.codes.import(req.codes, req.tier, req.product);
  }
}
