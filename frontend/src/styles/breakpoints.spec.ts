import { expandCustomMedia } from './breakpoints';

describe('expandCustomMedia', () => {
  it('turns custom media names into the layout breakpoints', () => {
    expect(expandCustomMedia('@media (--up-md) { a{} } @media (--down-md) { b{} }')).toBe(
      '@media (min-width: 768px) { a{} } @media (max-width: 767.98px) { b{} }',
    );
    expect(expandCustomMedia('@media (--up-4xl)')).toBe('@media (min-width: 1536px)');
  });

  it('refuses an unknown breakpoint instead of emitting a dead media query', () => {
    expect(() => expandCustomMedia('@media (--up-huge)')).toThrow('Unknown breakpoint');
  });
});
