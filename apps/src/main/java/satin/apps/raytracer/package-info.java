/**
 * A raytracer (van Nieuwpoort, Kielmann and Bal, PPoPP 2001, section 4): a fixed scene of spheres, a checkered floor and a wall, two
 * lights with shadows, highlights and reflections, rendered by splitting the image into halves of
 * rows down to blocks of LEAF_ROWS rows whose bytes are returned. Arguments: WIDTH HEIGHT [SAMPLES
 * [LEAF_ROWS [OUTPUT.ppm]]] (SAMPLES x SAMPLES rays a pixel), or a preset and an optional output;
 * prints the SHA-256 of the binary PPM, which is the same on any number of machines. Presets:
 * small 320x240, medium 800x600 with 2x2 samples, large 2400x1800 with 3x3. (Helper classes are
 * public: the tests load the sequential Raytracer in a class loader of its own.)
 */
package satin.apps.raytracer;
