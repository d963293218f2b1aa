import { expect } from '@open-wc/testing';
import { drawBlurred } from './blur-layer.ts';

function context(width: number, height: number, ratio = 1): CanvasRenderingContext2D {
  const canvas = document.createElement('canvas');
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return ctx;
}

/** The alpha of the canvas pixel at device coordinates (x, y). */
function alphaAt(ctx: CanvasRenderingContext2D, x: number, y: number): number {
  return ctx.getImageData(x, y, 1, 1).data[3]!;
}

describe('drawBlurred', () => {
  it('draws the group in the caller’s transform and softens its edges with one blur', () => {
    const ctx = context(40, 20, 2);
    drawBlurred(ctx, 3, (layer) => {
      layer.fillStyle = '#000';
      layer.fillRect(10, 0, 10, 20); // device pixels 20–40
    });
    expect(alphaAt(ctx, 30, 20)).to.equal(255); // the middle of the bar, untouched by the blur
    expect(alphaAt(ctx, 18, 20)).to.be.within(1, 254); // spilled outside the sharp edge
    expect(alphaAt(ctx, 42, 20)).to.be.within(1, 254);
    expect(alphaAt(ctx, 70, 20)).to.equal(0); // far away: nothing
  });

  it('composites the whole group at the given opacity, overlaps included', () => {
    const ctx = context(40, 20);
    drawBlurred(
      ctx,
      0.5,
      (layer) => {
        layer.fillStyle = '#000';
        layer.fillRect(0, 0, 30, 20);
        layer.fillRect(10, 0, 30, 20); // overlaps the first in 10–30
      },
      0.25,
    );
    const overlap = alphaAt(ctx, 20, 10);
    expect(overlap).to.be.within(60, 68); // 0.25 once, not twice
    expect(alphaAt(ctx, 5, 10)).to.equal(overlap);
  });

  it('leaves the caller’s state as it was', () => {
    const ctx = context(10, 10, 2);
    ctx.globalAlpha = 0.5;
    drawBlurred(ctx, 2, (layer) => layer.fillRect(0, 0, 5, 5));
    expect(ctx.filter).to.equal('none');
    expect(ctx.globalAlpha).to.equal(0.5);
    expect(ctx.getTransform().a).to.equal(2);
  });
});
