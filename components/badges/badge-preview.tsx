import type { BadgePlan } from '@/lib/badges/badge-layout.mjs';
import { qrPath } from '@/lib/tickets/qr-path';

/**
 * An image of a badge drawn from the plan the badge worker made for its PDF (lib/badges/badge-layout.mjs): the same
 * boxes, sizes and colours, as a server-rendered SVG (no client code). The PDF itself is a link beside it.
 */
export function BadgePreview({ plan, label }: { plan: BadgePlan; label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${plan.width} ${plan.height}`}
      data-testid="badge-preview"
      style={{ width: 'min(100%, 320px)', height: 'auto', display: 'block', margin: '0 auto', boxShadow: '0 1px 4px rgba(0,0,0,0.25)' }}
    >
      <rect width={plan.width} height={plan.height} fill="#ffffff" />
      {plan.items.map((item, i) => {
        if (item.type === 'rect') return <rect key={i} x={item.x} y={item.y} width={item.width} height={item.height} fill={item.fill} />;
        if (item.type === 'text') {
          return (
            <text
              key={i}
              x={item.x + item.width / 2}
              y={item.y + item.ascent}
              fontSize={item.size}
              fontWeight={item.font === 'bold' ? 700 : 400}
              fill={item.color}
              textAnchor="middle"
              fontFamily="'Noto Sans CJK SC', 'Noto Sans SC', sans-serif"
            >
              {item.text}
            </text>
          );
        }
        const { size, d } = qrPath(item.token, 0);
        return (
          <g key={i} transform={`translate(${item.x} ${item.y}) scale(${item.width / size})`}>
            <path d={d} fill="#000000" shapeRendering="crispEdges" />
          </g>
        );
      })}
    </svg>
  );
}
