import type { WeatherIcon as WeatherIconName } from '../../contracts/weather';

const CLOUD = 'M7 17h10.5a3.5 3.5 0 0 0 .4-6.98A5 5 0 0 0 8.3 8.6 4.2 4.2 0 0 0 7 17z';

/** Small weather pictograms (spec section 9's seven kinds), drawn in the header's colours. */
export function WeatherIcon({ icon, size = 22 }: { icon: WeatherIconName; size?: number }) {
  const sun = (cx: number, cy: number, r: number) => (
    <g stroke="#f5c542" strokeWidth="1.6" strokeLinecap="round">
      <circle cx={cx} cy={cy} r={r} fill="#f5c542" />
      {[0, 45, 90, 135, 180, 225, 270, 315].map((angle) => {
        const rad = (angle * Math.PI) / 180;
        return (
          <line
            key={angle}
            x1={cx + Math.cos(rad) * (r + 2)}
            y1={cy + Math.sin(rad) * (r + 2)}
            x2={cx + Math.cos(rad) * (r + 4)}
            y2={cy + Math.sin(rad) * (r + 4)}
          />
        );
      })}
    </g>
  );
  const cloud = (fill: string) => <path d={CLOUD} fill={fill} />;
  const drops = (count: number, colour: string) => (
    <g stroke={colour} strokeWidth="1.6" strokeLinecap="round">
      {Array.from({ length: count }, (_, index) => {
        const x = 8 + index * (9 / Math.max(1, count - 1));
        return <line key={index} x1={x} y1={19} x2={x - 1.2} y2={22.5} />;
      })}
    </g>
  );
  const bolt = <path d="M12.5 16.5 10 20.5h2.4l-1.2 3.2 3.6-4.6h-2.4l1.4-2.6z" fill="#f5c542" />;
  const flakes = (
    <g fill="#e6edf5">
      {[8, 12, 16].map((x) => (
        <circle key={x} cx={x} cy={21} r={1.2} />
      ))}
    </g>
  );
  return (
    <svg className="weather-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" data-icon={icon}>
      {icon === 'sunny' ? sun(12, 12, 4.5) : null}
      {icon === 'cloudy' ? (
        <>
          {sun(8, 8, 3.2)}
          {cloud('#c5cbd3')}
        </>
      ) : null}
      {icon === 'overcast' ? cloud('#8f99a8') : null}
      {icon === 'rain' ? (
        <>
          {cloud('#a7b6c2')}
          {drops(3, '#4c90f0')}
        </>
      ) : null}
      {icon === 'thunderShower' ? (
        <>
          {cloud('#a7b6c2')}
          {drops(2, '#4c90f0')}
          {bolt}
        </>
      ) : null}
      {icon === 'storm' ? (
        <>
          {cloud('#5f6b7c')}
          {drops(4, '#4c90f0')}
          {bolt}
        </>
      ) : null}
      {icon === 'snow' ? (
        <>
          {cloud('#c5cbd3')}
          {flakes}
        </>
      ) : null}
    </svg>
  );
}
