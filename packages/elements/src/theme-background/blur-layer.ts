/**
 * Draws a group of shapes blurred as one layer. With `ctx.filter = 'blur(…)'` every fill and stroke is blurred on
 * its own: without a GPU that is one software blur of the whole canvas per brush stroke, seconds for a textured
 * ridge. Drawn sharp on a scratch canvas and composited through the filter once, the group costs one blur.
 */
export function drawBlurred(
  ctx: CanvasRenderingContext2D,
  radius: number,
  draw: (layer: CanvasRenderingContext2D) => void,
  alpha = 1,
): void {
  const { width, height } = ctx.canvas;
  const scratch = document.createElement('canvas');
  scratch.width = width;
  scratch.height = height;
  const layer = scratch.getContext('2d');
  if (!layer) return;
  layer.setTransform(ctx.getTransform());
  draw(layer);
  ctx.save();
  // The filter's radius is in canvas pixels whatever the transform, as it was when each shape was blurred alone.
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha *= alpha;
  ctx.filter = `blur(${radius.toFixed(2)}px)`;
  ctx.drawImage(scratch, 0, 0);
  ctx.restore();
  // Its memory given back now rather than at the next collection.
  scratch.width = 0;
  scratch.height = 0;
}
