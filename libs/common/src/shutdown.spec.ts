import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { closingWith } from './shutdown';

@Module({})
class EmptyModule {}

describe('closingWith', () => {
  it("puts the ordered stop in place of a Nest application's close(), which ignores assignments", async () => {
    const app = await NestFactory.create(EmptyModule, { logger: false });
    const stop = jest.fn(async () => {
      await nestClose();
    });
    const nestClose = app.close.bind(app);
    // what does not work: Nest's application proxy keeps its own close()
    (app as { close: unknown }).close = stop;
    expect(app.close).not.toBe(stop);

    const wrapped = closingWith(app, stop);
    expect(wrapped.close).toBe(stop);
    // everything else is the application's own
    expect(wrapped.getHttpAdapter()).toBe(app.getHttpAdapter());
    await wrapped.close();
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
