import { addressText } from '#views/business.ts';
import { BusinessAddress } from '#views/pages/shared/BusinessAddress.tsx';
import { useBusiness } from '#views/site-context.ts';
import { office } from './content.ts';

/**
 * The map is a third-party embed, so nothing is requested from Google until the visitor presses
 * the button (client/map-on-request.ts). Without JavaScript the link opens Google Maps instead.
 */
export function OfficeMap() {
  const business = useBusiness();
  const query = encodeURIComponent(
    business.geo ? `${business.geo.lat},${business.geo.lng}` : addressText(business.address),
  );
  return (
    <section className="office" aria-labelledby="office-heading">
      <h2 id="office-heading">{office.heading}</h2>
      <div className="split">
        <div>
          <p>{office.text(business)}</p>
          <BusinessAddress />
          {business.hours ? <p>{`Hours: ${business.hours}`}</p> : null}
        </div>
        <div
          className="map-slot"
          data-map-slot=""
          data-enhance=""
          data-map-src={`https://www.google.com/maps?q=${query}&output=embed`}
        >
          <p className="map-note">{office.mapNote}</p>
          <button type="button" className="button" data-map-button="" hidden>
            {office.mapButton}
          </button>
          <a
            href={`https://www.google.com/maps/search/?api=1&query=${query}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open in Google Maps
          </a>
        </div>
      </div>
    </section>
  );
}
