import { useEffect, useState, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';
import { useDomId } from '../../ui/dom-id';

/** The 9 preview slides: our own illustrations of the app's screens. */
const SLIDES = ['register', 'verify', 'activate', 'calculate', 'review', 'disclosure', 'sign', 'wallet', 'repay'] as const;

/** The slides' picture: one 240 x 440 view per slide, named after it (src/web/public/images/slides.svg). */
const SLIDES_PICTURE = '/images/slides.svg';

/** Specification section 9: "Carousel slide 1.5 s". */
const SLIDE_INTERVAL_MS = 1500;

/**
 * The preview carousel inside the calculator: the slides fade one into the next every 1.5 s.
 * DECISIONS.md (WCAG 2.2.2): it pauses while the pointer is over the slides or focus is inside the
 * carousel, does not move by itself when the person prefers reduced motion, and has a visible
 * pause/play button (plus previous and next).
 */
export function PreviewCarousel() {
  const { t } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  const slidesId = useDomId();
  const [index, setIndex] = useState(0);
  /** What the person asked for with the button; null until they press it. */
  const [chosen, setChosen] = useState<'play' | 'pause' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  /** Pressing play while focus is inside resumes despite the focus. */
  const [playedWhileFocused, setPlayedWhileFocused] = useState(false);

  const wantsPlay = chosen === null ? !reducedMotion : chosen === 'play';
  const running = wantsPlay && !hovered && (!focusInside || playedWhileFocused);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running]);

  const go = (delta: number) => setIndex((i) => (i + delta + SLIDES.length) % SLIDES.length);
  const toggle = () => {
    if (running) {
      setChosen('pause');
      setPlayedWhileFocused(false);
    } else {
      setChosen('play');
      setPlayedWhileFocused(focusInside);
    }
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setFocusInside(false);
    setPlayedWhileFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('public.landing.carousel.label')}
      className="flex flex-col gap-3"
      onFocus={(event) => {
        // Keyboard focus pauses; a mouse click on a control does not (it would flip the button under the pointer).
        if (event.target.matches(':focus-visible')) setFocusInside(true);
      }}
      onBlur={onBlur}
    >
      <div
        id={slidesId}
        aria-live={running ? 'off' : 'polite'}
        className="relative mx-auto aspect-[240/440] w-full max-w-60 overflow-hidden rounded-[1.75rem] border-[6px] border-brand bg-brand shadow-xl"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        {SLIDES.map((slide, i) => {
          const active = i === index;
          return (
            <figure
              key={slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t('public.landing.carousel.slide', { n: i + 1, total: SLIDES.length })}
              aria-hidden={!active}
              className={`absolute inset-0 m-0 transition-opacity duration-500 ease-in-out ${active ? 'opacity-100' : 'opacity-0'}`}
            >
              <img
                // One picture holds every slide (decision 091): each <img> shows its slide's view of it, so
                // the browser builds one SVG document for the carousel where nine cost a long task each.
                src={`${SLIDES_PICTURE}#${slide}`}
                alt=""
                width={240}
                height={440}
                className="h-full w-full bg-white object-cover"
                decoding="async"
              />
              <figcaption className="absolute inset-x-0 bottom-0 bg-brand/95 px-3 py-2 text-center text-sm leading-snug font-semibold text-white">
                {t(`public.landing.carousel.slides.${slide}`)}
              </figcaption>
            </figure>
          );
        })}
      </div>

      <div className="flex items-center justify-center gap-2">
        <CarouselButton label={t('public.landing.carousel.previous')} controls={slidesId} onClick={() => go(-1)}>
          <path d="M15 5l-7 7 7 7" />
        </CarouselButton>
        <CarouselButton label={running ? t('public.landing.carousel.pause') : t('public.landing.carousel.play')} controls={slidesId} onClick={toggle} wide>
          {running ? <path d="M9 5v14M15 5v14" /> : <path d="M8 5l11 7-11 7z" fill="currentColor" />}
        </CarouselButton>
        <CarouselButton label={t('public.landing.carousel.next')} controls={slidesId} onClick={() => go(1)}>
          <path d="M9 5l7 7-7 7" />
        </CarouselButton>
      </div>
      <p className="text-center text-xs text-muted" aria-hidden="true">
        {`${index + 1} / ${SLIDES.length}`}
      </p>
    </section>
  );
}

function CarouselButton({
  label,
  controls,
  onClick,
  wide = false,
  children,
}: {
  readonly label: string;
  readonly controls: string;
  readonly onClick: () => void;
  readonly wide?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-controls={controls}
      onClick={onClick}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-full border-2 border-brand bg-white px-3 text-sm font-semibold text-brand hover:bg-brand-light ${wide ? 'min-w-11 pr-4' : 'min-w-11'}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {children}
      </svg>
      {wide ? <span>{label}</span> : <span className="sr-only">{label}</span>}
    </button>
  );
}
