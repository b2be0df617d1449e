import { formatNumber, formatPrice } from '../../lib/format';
import { useRefetchOnReturn } from '../../lib/reconnect';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import type { ProductDetailResponse } from '../../../shared/http/products.schemas';
import { useServices } from '../../app/useServices';
import type { Failure } from '../../lib/httpFailure';
import { toFailure } from '../../lib/httpFailure';
import { PageHeader } from '../../ui/page';
import { VideoPopup } from '../videos/popup';
import { AddProductModal } from './AddProductModal';
import { CreatorCard, VideoCard } from './ProductDetailCards';
import { ProductNote } from './ProductNote';
import { productIdentityAtom } from './productList.atoms';
import { mediaUrl } from './media';
import { fetchProductDetail, fetchProductInfluencers, fetchProductVideos } from './products.api';
import './products.css';

type Loaded = { phase: 'loading' } | { phase: 'success'; body: ProductDetailResponse } | ({ phase: 'failure' } & Failure);

/** Product detail (spec §3): pictures, names, trending and recent videos, trending and popular creators, note, edit. */
export function ProductDetailScreen() {
  const { id = '' } = useParams();
  const { api, backend } = useServices();
  const who = useAtomValue(productIdentityAtom);
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<{ key: string; state: Loaded } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [openVideo, setOpenVideo] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const key = `${id}:${attempt}`;

  useEffect(() => {
    if (!who) return;
    let live = true;
    fetchProductDetail(api.main, who, id).then(
      (response) => { if (live) setAnswer({ key, state: { phase: 'success', body: response.data } }); },
      (error: unknown) => { if (live) setAnswer({ key, state: { phase: 'failure', ...toFailure(error) } }); },
    );
    return () => { live = false; };
  }, [api.main, who, id, key]);
  const state: Loaded = answer?.key === key ? answer.state : { phase: 'loading' };
  const load = () => setAttempt((n) => n + 1);
  useRefetchOnReturn(() => state.phase === 'failure' && load());

  if (state.phase !== 'success') {
    return (
      <div className="page">
        <PageHeader title="Product" />
        {state.phase === 'loading' ? (
          <div className="products-loading" role="status"><span className="spinner" aria-hidden="true" /> Loading the product…</div>
        ) : (
          <div className="form-alert form-alert--error" role="alert">
            <span>Could not load the product: {state.error}</span>{' '}
            <button type="button" className="btn btn--small" onClick={load}>Try again</button>
          </div>
        )}
      </div>
    );
  }
  const { product, pictures, videos, influencers, names } = state.body;
  const own = !product.is_competitor;

  return (
    <div className="page product-detail" data-testid="product-detail">
      <PageHeader
        title={product.name}
        description={`${product.manufacturerName} · ${product.category}${product.trending ? ' · Trending' : ''}`}
        actions={
          <>
            <Link className="btn" to="/products">Back to products</Link>
            {own && <button type="button" className="btn btn--primary" onClick={() => setEditing(true)}>Edit product</button>}
          </>
        }
      />
      <div className="products-toolbar">
        <label className="toolbar-field">
          <span>Product</span>
          <select className="select" value={product._id} onChange={(event) => void navigate(`/products/${event.target.value}`)}>
            {names.map((entry) => <option key={entry._id} value={entry._id}>{entry.name}</option>)}
          </select>
        </label>
      </div>
      {product.description !== '' && <p><bdi>{product.description}</bdi></p>}
      <p className="product-muted">
        <bdi>{Math.round(product.sentiment * 100)}% positive · {formatNumber(product.video_reviews)} video reviews · price {formatPrice(product.price)}</bdi>
      </p>
      <section aria-label="Pictures" className="product-detail__pictures">
        {pictures.length === 0 ? <p className="product-muted">No pictures yet.</p> : pictures.map((src) => (
          <img key={src} src={mediaUrl(backend.origin, src) ?? ''} alt={product.name} />
        ))}
      </section>
      <div className="product-detail__grid">
        <VideoCard title="Trending videos" videos={videos.trending} onOpen={setOpenVideo} />
        {/* Recent and popular continue through the paged routes, which answer in the same order. */}
        <VideoCard
          key={`recent:${product._id}`} title="Recent videos" videos={videos.recent} onOpen={setOpenVideo} total={product.video_reviews}
          fetchPage={who ? async (page, perPage) => {
            const answer = await fetchProductVideos(api.main, who, product._id, page, perPage);
            return { items: answer.videos, count: answer.count };
          } : undefined}
        />
        <CreatorCard title="Trending creators" creators={influencers.trending} />
        <CreatorCard
          key={`popular:${product._id}`} title="Popular creators" creators={influencers.popular}
          fetchPage={who ? async (page, perPage) => {
            const answer = await fetchProductInfluencers(api.main, who, product._id, page, perPage);
            return { items: answer.influencers, count: answer.count };
          } : undefined}
        />
      </div>
      <ProductNote productId={product._id} />
      {openVideo && <VideoPopup videoId={openVideo} onClose={() => setOpenVideo(null)} />}
      {editing && (
        <AddProductModal
          product={product}
          onClose={(saved) => {
            setEditing(false);
            if (saved) setAnswer({ key, state: { phase: 'success', body: saved } });
          }}
        />
      )}
    </div>
  );
}
